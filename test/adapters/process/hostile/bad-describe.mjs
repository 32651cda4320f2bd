// Speaks a protocol version this pack does not know.
import { serve } from './lib.mjs';

serve({ describe: { protocol: 'uaix-adapter/2' } });
