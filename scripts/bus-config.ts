/**
 * `npm run bus:config`: writes the NATS server's users and permissions, derived from the contracts
 * (libs/contracts bus-permissions.ts), to deploy/k8s/base/nats/authorization.conf, which Kubernetes and docker compose
 * include. A unit test (libs/stack/test/unit/bus-config.test.ts) fails while the checked-in file differs.
 */
import { writeFileSync } from 'node:fs';
import { productionBusAuthorization } from '@app/contracts';
import { BUS_AUTHORIZATION_FILE } from '@app/stack';

writeFileSync(BUS_AUTHORIZATION_FILE, productionBusAuthorization());
console.log(`▶ ${BUS_AUTHORIZATION_FILE}`);
