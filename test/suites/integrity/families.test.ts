import { describeGalleryFamilies } from '../../helpers/suite-proofs.js';
import * as gallery from './broken.js';

describeGalleryFamilies('integrity', gallery);
