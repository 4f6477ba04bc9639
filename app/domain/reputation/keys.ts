/** The keys of the ratings table (db/schema/reputation.ts): built here only, so reads and writes agree. */
export const tribeKey = (industryId: number, optionId: number) => `tribe:${industryId}:${optionId}`;
export const expertiseKey = (expertiseId: number) => `expertise:${expertiseId}`;
export const serviceKey = (serviceId: number) => `service:${serviceId}`;
/** A registered rater's key is this prefix and his id (the registration's join writes it in SQL). */
export const USER_RATER_PREFIX = "u:";
export const userRaterKey = (userId: number) => `${USER_RATER_PREFIX}${userId}`;
export const emailRaterKey = (email: string) => `e:${email.trim().toLowerCase()}`;
