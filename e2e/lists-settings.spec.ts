import { describeListChecks } from './list-screens.ts';

/** Every list of the settings mode's menu, checked as list-screens.ts says. */
describeListChecks('settings', 1);
