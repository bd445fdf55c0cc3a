/** Donations: a donation and its checkout; paid or failed when payments says so (subscribeDonations). */
export { adminDonations, startDonation, subscribeDonations } from './service.ts';
export { donationRoutes } from './routes.ts';
