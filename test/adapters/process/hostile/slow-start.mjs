// Takes a second before it reads anything (a JVM warming up): within the start timeout, so all is well.
import { serve } from './lib.mjs';

await new Promise((r) => setTimeout(r, 1000));
serve();
