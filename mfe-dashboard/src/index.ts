/** Standalone entry of the dashboard remote (its own dev port). */
import { renderStandalone } from '@campus/shared';
import { standaloneRoutes } from './standalone-routes';

renderStandalone(standaloneRoutes);
