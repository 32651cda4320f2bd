// Never answers its first toKeyless: the request times out and the process is killed.
import { serve } from './lib.mjs';

serve({ misbehave: (req) => req.method === 'toKeyless' });
