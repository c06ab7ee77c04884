// Set up before each web test file. Testing Library's find* queries and waitFor give up after
// 1 s by default: too short on a busy two-core machine with the browser tests running beside.
// They return as soon as what they wait for is there, so the longer limit costs nothing when
// all is well.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 5000 });
