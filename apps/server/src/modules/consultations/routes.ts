import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  availabilitySchema,
  bookSchema,
  bookingListQuerySchema,
  bookingParamsSchema,
  cancelSchema,
  counsellorListQuerySchema,
  counsellorParamsSchema,
  counsellorPhotoParamsSchema,
  counsellorPhotoSchema,
  counsellorProfileSchema,
  counsellorUserParamsSchema,
  makeCounsellorSchema,
  notesSchema,
  outcomeSchema,
  rescheduleSchema,
  reviewSchema,
  slotsQuerySchema,
} from '@candeia/shared/schemas/consultation';
import { roomRoutes } from './room-routes.ts';
import * as consultations from './service.ts';

/** Bookings a member may make per hour, and changes (cancel, move) per hour (per IP). */
const BOOKINGS_PER_HOUR = { max: 30, windowMs: 3_600_000 };
/**
 * Slot and list reads per minute (per IP): each computes free time over weeks of a calendar,
 * so a loop of them is refused long before it could keep the server busy.
 */
const SLOT_READS_PER_MINUTE = { max: 120, windowMs: 60_000 };

/**
 * Consultations (SPEC.md §1): counsellors and their free slots (plan flag `live`), bookings and
 * their changes, and a counsellor's own profile and availability. Every route needs a session.
 */
export const consultationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/counsellors',
    { schema: { querystring: counsellorListQuerySchema }, config: { rateLimit: SLOT_READS_PER_MINUTE } },
    async (req) => consultations.listCounsellors(deps, req.actor(), req.query),
  );
  app.get('/counsellors/:counsellorId', { schema: { params: counsellorParamsSchema } }, async (req) =>
    consultations.getCounsellor(deps, req.actor(), req.params.counsellorId),
  );
  app.get(
    '/counsellors/:counsellorId/slots',
    {
      schema: { params: counsellorParamsSchema, querystring: slotsQuerySchema },
      config: { rateLimit: SLOT_READS_PER_MINUTE },
    },
    async (req) => consultations.slots(deps, req.actor(), req.params.counsellorId, req.query),
  );

  app.post(
    '/bookings',
    { schema: { body: bookSchema }, config: { rateLimit: BOOKINGS_PER_HOUR } },
    async (req, reply) => {
      reply.code(201);
      return consultations.book(deps, req.actor(), req.body);
    },
  );
  app.get('/bookings', { schema: { querystring: bookingListQuerySchema } }, async (req) =>
    consultations.listBookings(deps, req.actor(), req.query),
  );
  app.get('/bookings/:id', { schema: { params: bookingParamsSchema } }, async (req) =>
    consultations.getBooking(deps, req.actor(), req.params.id),
  );
  app.post(
    '/bookings/:id/cancel',
    { schema: { params: bookingParamsSchema, body: cancelSchema }, config: { rateLimit: BOOKINGS_PER_HOUR } },
    async (req) => consultations.cancel(deps, req.actor(), req.params.id, req.body),
  );
  app.post(
    '/bookings/:id/reschedule',
    { schema: { params: bookingParamsSchema, body: rescheduleSchema }, config: { rateLimit: BOOKINGS_PER_HOUR } },
    async (req) => consultations.reschedule(deps, req.actor(), req.params.id, req.body),
  );
  app.put('/bookings/:id/notes', { schema: { params: bookingParamsSchema, body: notesSchema } }, async (req) =>
    consultations.saveNotes(deps, req.actor(), req.params.id, req.body),
  );
  app.post('/bookings/:id/review', { schema: { params: bookingParamsSchema, body: reviewSchema } }, async (req) =>
    consultations.review(deps, req.actor(), req.params.id, req.body),
  );
  app.post('/bookings/:id/outcome', { schema: { params: bookingParamsSchema, body: outcomeSchema } }, async (req) =>
    consultations.outcome(deps, req.actor(), req.params.id, req.body),
  );

  await app.register(roomRoutes);

  app.get('/me', async (req) => consultations.me(deps, req.actor()));
  app.put('/me/profile', { schema: { body: counsellorProfileSchema } }, async (req) =>
    consultations.saveProfile(deps, req.actor(), req.body),
  );
  app.put('/me/photo', { schema: { body: counsellorPhotoSchema } }, async (req) =>
    consultations.savePhoto(deps, req.actor(), req.body.mediaId),
  );
  app.get(
    '/counsellors/:counsellorId/photo/:variant',
    { schema: { params: counsellorPhotoParamsSchema } },
    async (req, reply) =>
      consultations.sendPhoto(deps, req.actor(), reply, req.params.counsellorId, req.params.variant),
  );
  app.put('/me/availability', { schema: { body: availabilitySchema } }, async (req) =>
    consultations.saveAvailability(deps, req.actor(), req.body),
  );
};

/** The administration's counsellors (registered under /api/admin, which needs the admin role). */
export const counsellorAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.get('', async (req) => consultations.adminList(deps, req.actor()));
  app.post('', { schema: { body: makeCounsellorSchema } }, async (req, reply) => {
    reply.code(201);
    return consultations.makeCounsellor(deps, req.actor(), req.body.email);
  });
  // Idempotent: `removed` says whether the member was a counsellor until now.
  app.delete('/:userId', { schema: { params: counsellorUserParamsSchema } }, async (req) =>
    consultations.undoCounsellor(deps, req.actor(), req.params.userId),
  );
};
