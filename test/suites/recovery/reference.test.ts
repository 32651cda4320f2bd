import { describeReferencePasses } from '../../helpers/suite-proofs.js';

describeReferencePasses('recovery');
