import { describeListChecks } from './list-screens.ts';

/** Every list of the dictionaries mode's menu, checked as list-screens.ts says. */
describeListChecks('dictionaries', 2);
