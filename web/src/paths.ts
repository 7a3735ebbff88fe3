/** The SPA's own routes, kept in libs/contracts so that the gateway knows them too (HTTP 404, sitemap). */
export { sitePaths as paths } from '@app/contracts/site-paths';
