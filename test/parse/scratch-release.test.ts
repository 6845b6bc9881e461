import { parseBinary } from '../../src/parse/parse-binary.js';
import { describeScratchRelease } from './scratch-release-cases.js';

describeScratchRelease('Node build', parseBinary);
