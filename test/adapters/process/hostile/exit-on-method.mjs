// Exits quietly with status 0 whenever it is asked fromKeyless.
import { serve } from './lib.mjs';

serve({ misbehave: (req) => req.method === 'fromKeyless' && process.exit(0) });
