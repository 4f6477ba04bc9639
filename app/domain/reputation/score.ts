/** Rating arithmetic of spec 2 §9, pure so that the pages, the API and the tests share it. */

/** Shown for people without any rating yet. */
export const DEFAULT_RATING = 4.8;
export const RATING_MIN = 1;
export const RATING_MAX = 5;

/**
 * The lower bound of the Wilson score interval (z = 1.96) of rating/5 over `count` ratings: the order of
 * specializations, best first. Few high ratings rank below many slightly lower ones; no ratings score 0.
 */
export function wilsonScore(average: number, count: number, z = 1.96): number {
  if (count <= 0) return 0;
  const p = Math.min(Math.max(average / RATING_MAX, 0), 1);
  const z2 = z * z;
  return (p + z2 / (2 * count) - z * Math.sqrt((p * (1 - p) + z2 / (4 * count)) / count)) / (1 + z2 / count);
}

/** The colour of a rating badge: green from 4, yellow from 3, orange above 0, grey at 0 (7/5/… for day scales). */
export function ratingTone(rating: number, scale: "stars" | "days" = "stars"): "green" | "yellow" | "orange" | "grey" {
  const high = scale === "days" ? 7 : 4;
  if (rating >= high) return "green";
  if (rating >= 3) return "yellow";
  if (rating > 0) return "orange";
  return "grey";
}

/** A rating rounded as shown (one decimal). */
export const roundRating = (value: number) => Math.round(value * 10) / 10;

/** A rating as it is written in the page's language: '4,8' in Russian, '4.8' in English. */
export const formatRating = (value: number, lang: string) => (lang === "en" ? value.toFixed(1) : value.toFixed(1).replace(".", ","));

/**
 * A registered person's rating wherever people are listed (a response, a team, a search): the average of
 * every rating given to them rounded to one decimal, DEFAULT_RATING while they have none (spec 2 §9).
 */
export const personRating = (avg: number | string | null | undefined) => (avg == null ? DEFAULT_RATING : roundRating(Number(avg)));
