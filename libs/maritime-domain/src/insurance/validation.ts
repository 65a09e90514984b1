interface Scored {
  score: number;
  positive: boolean;
}

/**
 * Area under the ROC curve by ranks (the Mann-Whitney statistic): the probability that a random
 * positive is scored above a random negative, tied scores sharing their average rank. Null when
 * either class is missing.
 */
export function rocAuc(scores: readonly number[], labels: readonly boolean[]): number | null {
  if (scores.length !== labels.length) throw new RangeError('scores and labels differ in length');
  const rows: Scored[] = scores.map((score, i) => ({ score, positive: labels[i] === true }));
  rows.sort((a, b) => a.score - b.score);
  const positives = rows.filter((x) => x.positive).length;
  const negatives = rows.length - positives;
  if (positives === 0 || negatives === 0) return null;
  let rankSum = 0;
  let i = 0;
  while (i < rows.length) {
    let j = i;
    while (j + 1 < rows.length && rows[j + 1]?.score === rows[i]?.score) j += 1;
    const averageRank = (i + j) / 2 + 1; // ranks are 1-based
    for (let k = i; k <= j; k += 1) if (rows[k]?.positive) rankSum += averageRank;
    i = j + 1;
  }
  return (rankSum - (positives * (positives + 1)) / 2) / (positives * negatives);
}

/** Mean squared error of predicted probabilities against 0/1 outcomes; null for no rows. */
export function brierScore(
  probabilities: readonly number[],
  labels: readonly boolean[],
): number | null {
  if (probabilities.length !== labels.length)
    throw new RangeError('probabilities and labels differ in length');
  if (probabilities.length === 0) return null;
  let sum = 0;
  probabilities.forEach((p, i) => {
    sum += (p - (labels[i] ? 1 : 0)) ** 2;
  });
  return sum / probabilities.length;
}
