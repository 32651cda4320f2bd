import { describeGallery } from '../../helpers/suite-proofs.js';
import * as gallery from './broken.js';

describeGallery('uas', gallery);
