/** The keys of the ratings table (db/schema/reputation.ts): built here only, so reads and writes agree. */
export const tribeKey = (industryId: number, optionId: number) => `tribe:${industryId}:${optionId}`;
export const expertiseKey = (expertiseId: number) => `expertise:${expertiseId}`;
export const serviceKey = (serviceId: number) => `service:${serviceId}`;
/** A registered rater's key is this prefix and his id (the registration's join writes it in SQL). */
export const USER_RATER_PREFIX = "u:";
export const userRaterKey = (userId: number) => `${USER_RATER_PREFIX}${userId}`;
export const emailRaterKey = (email: string) => `e:${email.trim().toLowerCase()}`;
/**
 * A project rating's rater (`POST /api/demand/finishing`, decision 0033): the project itself. A request has
 * one customer, so within one project rating the same thing again hits the same (rated user, subject,
 * rater) key and replaces it, while the customer's recommendation (`u:`) and another project's rating stay
 * separate rows that each count once.
 */
export const PROJECT_RATER_PREFIX = "p:";
export const projectRaterKey = (demandId: number) => `${PROJECT_RATER_PREFIX}${demandId}`;
