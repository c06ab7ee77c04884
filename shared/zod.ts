// The zod every schema of the web app and of shared/ is written with: zod/mini, whose functions
// (z.optional(s), z.pipe(a, b), s.check(z.minLength(1))) a bundler keeps only when used, where
// classic zod's methods bring every schema kind and check into the first view. zod/mini sets
// no locale, so its messages would read "Invalid input"; English is set here once, before any
// schema parses, so messages read as classic zod's do ("expected string, received number").
import { en } from 'zod/locales';
import { config } from 'zod/mini';

config(en());

export * from 'zod/mini';
