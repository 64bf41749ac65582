import { configure } from '@testing-library/dom';

// A full `npm test` runs the server's and the web's suites side by side on two cores: a chain of
// click, request and render can take seconds there (over 5 s on a slow day), so `findBy`/`waitFor`
// wait up to 10 s (they still return as soon as what they wait for appears).
configure({ asyncUtilTimeout: 10_000 });
