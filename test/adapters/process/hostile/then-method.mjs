// Lists a method named `then`: the adapter object must never become a thenable (start-up would hang).
import { answers, serve } from './lib.mjs';

serve({ methods: [...Object.keys(answers), 'then'] });
