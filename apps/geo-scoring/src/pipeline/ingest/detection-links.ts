// Recomputes nearest_permit_id of stored detections near just-upserted permits
// (see docs/geo-scoring/analytics.md#construction): a new permit can be closer than the current
// link, and a moved or re-dated permit can stop qualifying, so every detection in range of the
// chunk's permits (or linked to one) is redone.
import { diskUnion, nearestPermit, permitsByCell } from '@platform/geo-domain';
import { PermitLinksRepository } from './permit-links.repository';

/** `links` runs on the chunk's transaction (PermitLinksRepository.withTransaction). */
export async function relinkDetections(
  links: PermitLinksRepository,
  permits: readonly { id: string; h3Index: string }[],
): Promise<number> {
  const detections = await links.detectionsNear(
    diskUnion(permits.map((p) => p.h3Index)),
    permits.map((p) => p.id),
  );
  if (detections.length === 0) return 0;
  const candidates = permitsByCell(
    await links.permitsInCells(diskUnion(detections.map((d) => d.h3Index))),
  );
  const changed = detections.flatMap((detection) => {
    const nearest = nearestPermit(detection, candidates);
    const permitId = nearest?.id ?? null;
    const distanceM = nearest?.distanceM ?? null;
    return permitId === detection.nearestPermitId && distanceM === detection.nearestPermitDistanceM
      ? []
      : [{ id: detection.id, permitId, distanceM }];
  });
  await links.setNearest(changed);
  return changed.length;
}
