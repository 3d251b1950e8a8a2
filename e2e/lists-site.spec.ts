import { describeListChecks } from './list-screens.ts';

/** Every list of the site mode's menu, checked as list-screens.ts says. */
describeListChecks('site', 3);
