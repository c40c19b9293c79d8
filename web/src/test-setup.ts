import { configure } from '@testing-library/react';

// findBy… and waitFor give up after 1 s by default, which a busy CI machine overruns: wait for what a test needs.
configure({ asyncUtilTimeout: 10_000 });
