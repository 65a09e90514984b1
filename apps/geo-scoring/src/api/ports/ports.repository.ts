import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PORT_SLUG_PATTERN } from '@platform/geo-domain';

export interface PortRow {
  slug: string;
  name: string;
}

export interface PortVolumeRow {
  /** YYYY-MM */
  month: string;
  teu: number;
  vessel_calls: number;
}

const LATEST_MONTH = '(SELECT max(month) FROM port_volumes WHERE port_slug = $1)';

@Injectable()
export class PortsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async find(slug: string): Promise<PortRow | undefined> {
    // A value that cannot be a slug (the ports CHECK) names no port: no query needed.
    if (!PORT_SLUG_PATTERN.test(slug)) return undefined;
    const rows: PortRow[] = await this.dataSource.query(
      'SELECT slug, name FROM ports WHERE slug = $1',
      [slug],
    );
    return rows[0];
  }

  /** The last `months` calendar months up to the port's latest month with data, ascending. */
  monthly(slug: string, months: number): Promise<PortVolumeRow[]> {
    return this.dataSource.query(
      `SELECT to_char(month, 'YYYY-MM') AS month, teu, vessel_calls
       FROM port_volumes
       WHERE port_slug = $1 AND month > ${LATEST_MONTH} - make_interval(months => $2::int)
       ORDER BY month`,
      [slug, months],
    );
  }

  /** TEU of the month one year before the latest month with data; undefined when missing. */
  async teuYearBeforeLatest(slug: string): Promise<number | undefined> {
    const rows: { teu: number }[] = await this.dataSource.query(
      `SELECT teu FROM port_volumes
       WHERE port_slug = $1 AND month = ${LATEST_MONTH} - interval '12 months'`,
      [slug],
    );
    return rows[0]?.teu;
  }
}
