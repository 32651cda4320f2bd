import { describeGalleryFamilies } from '../../helpers/suite-proofs.js';
import * as gallery from './broken.js';
import { byFamily as graph } from './by-family-graph.js';
import { byFamily as text } from './by-family-text.js';

describeGalleryFamilies('uas', { ...gallery, byFamily: { ...text, ...graph } });
