// The deployable build of this app, checked as ops will use it (docs/build.md#one-apps-build-output).
import { describeStandaloneBuild } from '@platform/testing';

describeStandaloneBuild('maritime');
