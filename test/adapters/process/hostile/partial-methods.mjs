// Implements only computeChecksum: every probe that needs another member is skipped.
import { serve } from './lib.mjs';

serve({ methods: ['computeChecksum'] });
