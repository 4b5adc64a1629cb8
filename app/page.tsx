import { cookies } from 'next/headers';
import { Playground } from '@/components/playground/playground';
import { LAYOUT_COOKIE_PREFIX } from '@/components/ui/layout-cookies';
import { initialToolChecks } from '@/lib/server/initial-tool-checks';

/** The playground, drawn on the server at the pane sizes this browser remembers (its cookies), the new session's tools checked. */
export default async function Page() {
  const layoutCookies: Record<string, string> = {};
  for (const { name, value } of (await cookies()).getAll()) {
    if (name.startsWith(LAYOUT_COOKIE_PREFIX) && value.length <= 2_000) layoutCookies[name] = value;
  }
  return <Playground layoutCookies={layoutCookies} checkedTools={initialToolChecks()} />;
}
