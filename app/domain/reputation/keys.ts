/** The keys of the ratings table (db/schema/reputation.ts): built here only, so reads and writes agree. */
export const tribeKey = (industryId: number, optionId: number) => `tribe:${industryId}:${optionId}`;
export const expertiseKey = (expertiseId: number) => `expertise:${expertiseId}`;
export const serviceKey = (serviceId: number) => `service:${serviceId}`;
export const userRaterKey = (userId: number) => `u:${userId}`;
export const emailRaterKey = (email: string) => `e:${email.trim().toLowerCase()}`;
