import { RETAIL_DATA_PATH } from '@/lib/environments/tau2-retail/retail-data';
import type { SessionLibrary } from '../runtime/create-session-library';

/**
 * "Example: A store's support desk": the port's files fetched from the playground's own origin
 * (its code and data load only when chosen), made into a new session of the person's.
 */
export async function openRetailExample(library: SessionLibrary, onProblem: (message: string) => void) {
  try {
    const { loadRetailExample } = await import('@/lib/opening/retail-example');
    const example = await loadRetailExample(async (file) => {
      const response = await fetch(`${RETAIL_DATA_PATH}/${file}`);
      if (!response.ok) throw new Error(`${file} answered ${response.status}`);
      return response.json();
    });
    await library.create(example);
  } catch (error) {
    onProblem(`The retail example could not be opened (${(error as Error).message}); nothing changed.`);
  }
}
