// Answers every probe correctly: the baseline every other adapter of the gallery is compared with.
import { serve } from './lib.mjs';

serve();
