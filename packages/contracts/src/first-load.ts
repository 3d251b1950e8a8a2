/**
 * `@dp/contracts/first-load`: what the web's first chunk (the app's start, the sign-in page) takes
 * from the contracts. None of these modules imports zod, builds a table or holds every text:
 * importing `@dp/contracts` itself brings zod, messages.ts's error map and all the messages, about
 * 40 KB of compressed JavaScript more on the sign-in page (docs/decisions/admin-web.md, "What does
 * the sign-in page load first?"; docs/performance.md, "bench:web"). The same bindings as the
 * index's.
 */
export * from './kit/lang.ts';
export * from './kit/request-messages.ts';
export * from './kit/access.ts';
export * from './kit/paging.ts';
