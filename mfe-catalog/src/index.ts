/** Standalone entry of the catalog remote (its own dev port); the host uses remoteEntry.js instead. */
import { renderStandalone } from '@campus/shared';
import { standaloneRoutes } from './standalone-routes';

renderStandalone(standaloneRoutes);
