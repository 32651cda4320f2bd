import { describeGalleryFamilies } from '../../helpers/suite-proofs.js';
import * as gallery from './broken.js';
import { byVariant } from './by-family.js';

describeGalleryFamilies('wire', gallery);
describeGalleryFamilies('wire', { ...gallery, byFamily: byVariant });
