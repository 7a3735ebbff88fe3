/** The SPA's own routes (spec §2), kept in libs/contracts so that the gateway knows them too (HTTP 404, sitemap). */
export { sitePaths as paths } from '@app/contracts/site-paths';
