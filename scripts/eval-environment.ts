// The first import of `npm run eval`: an empty base-URL variable is taken as unset before the
// AI SDK's packages load (they refuse one as they load).
import { dropEmptyBaseUrls } from '../lib/providers/drop-empty-base-urls';

const said = dropEmptyBaseUrls(process.env);
if (said) console.error(`npm run eval: ${said}`);
