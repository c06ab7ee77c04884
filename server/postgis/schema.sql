-- The fabric and coverage in PostGIS, fed by `npm run import` from the published file layouts.
-- Idempotent: applied before every import. Data tables are partitioned by vintage; an importer
-- loads a new vintage into a detached table with no index, and attaches it (building its
-- indexes) in the transaction that derives the tables below from it and publishes the release,
-- so a reader never sees a vintage half loaded or half derived.

CREATE EXTENSION IF NOT EXISTS postgis;

-- Settings of the whole dataset: `uuid_seed` keys the uuids (a keyed permutation of layer,
-- vintage index and feature index, as the memory store makes them).
CREATE TABLE IF NOT EXISTS dataset_settings (
  key text PRIMARY KEY,
  value text NOT NULL
);

-- Fabric releases with at least one location loaded (written when an import finishes).
CREATE TABLE IF NOT EXISTS fabric_vintages (
  vintage text PRIMARY KEY CHECK (vintage ~ '^20[0-9]{2}(06|12)$'),
  svcversion integer NOT NULL UNIQUE,
  fccversion text NOT NULL,
  fccrelease text NOT NULL,
  ntiaversion text,
  vintagename text NOT NULL
);

-- One row per file loaded: what makes an import resumable (a file already loaded with the same
-- contents is skipped) and replaceable (a file of the same scope replaces the earlier one).
-- scope: locations the state ('IL'), fixed the state and technology ('IL/50'), other kinds
-- the file's name. published: false from the file's load until the transaction that attaches
-- its vintage and derives from it commits; what a run killed before then leaves pending, for
-- the next run to publish (import/finish-import.ts).
CREATE TABLE IF NOT EXISTS import_files (
  file_id serial PRIMARY KEY,
  kind text NOT NULL,
  vintage text NOT NULL,
  scope text NOT NULL,
  name text NOT NULL,
  bytes bigint NOT NULL,
  sha256 text NOT NULL,
  rows_loaded bigint NOT NULL,
  rows_rejected bigint NOT NULL,
  seconds double precision NOT NULL,
  loaded_at timestamptz NOT NULL DEFAULT now(),
  published boolean NOT NULL DEFAULT false,
  UNIQUE (kind, vintage, scope)
);
-- A database imported before the column: every file pending, so the next run derives all once
-- (which also repairs what a run killed there may have left half derived).
ALTER TABLE import_files ADD COLUMN IF NOT EXISTS published boolean NOT NULL DEFAULT false;

-- The location fabric (DOMAIN.md "The location fabric"). Identifiers with leading zeros are
-- text; location_id is a 10-digit integer from 1,000,000,000 up.
CREATE TABLE IF NOT EXISTS locations (
  vintage text NOT NULL,
  file_id integer NOT NULL,
  location_id bigint NOT NULL,
  address_primary text NOT NULL,
  city text NOT NULL,
  state text NOT NULL,
  zip text NOT NULL,
  zip_suffix text NOT NULL,
  unit_count integer NOT NULL,
  bsl_flag smallint NOT NULL,
  building_type_code text NOT NULL,
  land_use_code text NOT NULL,
  address_confidence_code smallint NOT NULL,
  county_geoid text NOT NULL,
  block_geoid text NOT NULL,
  h3_9 text NOT NULL,
  latitude double precision NOT NULL,
  longitude double precision NOT NULL,
  geom geometry(Point, 4326) GENERATED ALWAYS AS (
    ST_SetSRID(ST_MakePoint(longitude, latitude), 4326)
  ) STORED
) PARTITION BY LIST (vintage);
CREATE UNIQUE INDEX IF NOT EXISTS locations_id ON locations (vintage, location_id);
CREATE INDEX IF NOT EXISTS locations_geom ON locations USING gist (geom);

-- BDC fixed availability, one row per location, provider, technology and R/B/X code.
CREATE TABLE IF NOT EXISTS fixed_availability (
  vintage text NOT NULL,
  file_id integer NOT NULL,
  frn text NOT NULL,
  provider_id integer NOT NULL,
  brand_name text NOT NULL,
  location_id bigint NOT NULL,
  technology smallint NOT NULL,
  max_advertised_download_speed integer NOT NULL,
  max_advertised_upload_speed integer NOT NULL,
  low_latency smallint NOT NULL,
  business_residential_code char(1) NOT NULL,
  state_usps text NOT NULL,
  block_geoid text NOT NULL,
  h3_res8_id text NOT NULL
) PARTITION BY LIST (vintage);
CREATE INDEX IF NOT EXISTS fixed_availability_location
  ON fixed_availability (vintage, location_id);

-- BDC mobile coverage per H3 res-9 cell. technology is the generation (3, 4, 5): the public
-- files' 300/400/500 are divided by 100 on import.
CREATE TABLE IF NOT EXISTS mobile_coverage (
  vintage text NOT NULL,
  file_id integer NOT NULL,
  frn text NOT NULL,
  provider_id integer NOT NULL,
  brand_name text NOT NULL,
  h3_res9_id text NOT NULL,
  technology smallint NOT NULL,
  mindown double precision NOT NULL,
  minup double precision NOT NULL,
  minsignal double precision NOT NULL,
  environment smallint NOT NULL
) PARTITION BY LIST (vintage);
CREATE INDEX IF NOT EXISTS mobile_coverage_cell ON mobile_coverage (vintage, h3_res9_id);

-- Locations a release retired, each with the location that replaces it.
CREATE TABLE IF NOT EXISTS retirements (
  vintage text NOT NULL,
  file_id integer NOT NULL,
  location_id bigint NOT NULL,
  re_location_id bigint NOT NULL
) PARTITION BY LIST (vintage);
CREATE UNIQUE INDEX IF NOT EXISTS retirements_id ON retirements (vintage, location_id);

-- Geometry layers. A layer tagged with a vintage stands for that release and every later one
-- until a newer layer of its kind is loaded (fabric_layers says which). feature is the rank of
-- the id within the layer, from 0: what the uuid of a parcel or footprint encodes.
CREATE TABLE IF NOT EXISTS parcels (
  vintage text NOT NULL,
  file_id integer NOT NULL,
  parcel_id text NOT NULL,
  feature integer NOT NULL,
  geom geometry(MultiPolygon, 4326) NOT NULL
) PARTITION BY LIST (vintage);
CREATE UNIQUE INDEX IF NOT EXISTS parcels_id ON parcels (vintage, parcel_id);
CREATE UNIQUE INDEX IF NOT EXISTS parcels_feature ON parcels (vintage, feature);
CREATE INDEX IF NOT EXISTS parcels_geom ON parcels USING gist (geom);

CREATE TABLE IF NOT EXISTS footprints (
  vintage text NOT NULL,
  file_id integer NOT NULL,
  footprint_id text NOT NULL,
  feature integer NOT NULL,
  geom geometry(MultiPolygon, 4326) NOT NULL
) PARTITION BY LIST (vintage);
CREATE UNIQUE INDEX IF NOT EXISTS footprints_id ON footprints (vintage, footprint_id);
CREATE UNIQUE INDEX IF NOT EXISTS footprints_feature ON footprints (vintage, feature);
CREATE INDEX IF NOT EXISTS footprints_geom ON footprints USING gist (geom);

CREATE TABLE IF NOT EXISTS roads (
  vintage text NOT NULL,
  file_id integer NOT NULL,
  road_id text NOT NULL,
  feature integer NOT NULL,
  name text NOT NULL,
  road_class smallint NOT NULL,
  geom geometry(MultiLineString, 4326) NOT NULL
) PARTITION BY LIST (vintage);
CREATE UNIQUE INDEX IF NOT EXISTS roads_feature ON roads (vintage, feature);
CREATE INDEX IF NOT EXISTS roads_geom ON roads USING gist (geom);

-- Derived when an import finishes, from the tables above.

-- Every location_id of any release, ranked: the feature index a location's uuid encodes (the
-- memory store's location order, sorted by location_id over every release).
CREATE TABLE IF NOT EXISTS location_features (
  location_id bigint PRIMARY KEY,
  feature integer NOT NULL UNIQUE
);

-- Which layer vintage serves each fabric release (the newest at or before it), null when none.
CREATE TABLE IF NOT EXISTS fabric_layers (
  vintage text PRIMARY KEY,
  parcels_vintage text,
  footprints_vintage text,
  roads_vintage text
);

-- The parcel and the footprint that hold each location of a release (features of the layers
-- fabric_layers names), and the parcel that holds each footprint (the one holding a point on its
-- surface): what locate's
-- FootprintParcel and Parcel rules and the parcel and footprint records read.
CREATE TABLE IF NOT EXISTS location_areas (
  vintage text NOT NULL,
  location_id bigint NOT NULL,
  parcel_feature integer,
  footprint_feature integer,
  PRIMARY KEY (vintage, location_id)
);
CREATE INDEX IF NOT EXISTS location_areas_parcel ON location_areas (vintage, parcel_feature);
CREATE INDEX IF NOT EXISTS location_areas_footprint
  ON location_areas (vintage, footprint_feature);

-- Keyed by the pair of layers (see fabric_layers), not by release: one copy serves them all.
CREATE TABLE IF NOT EXISTS footprint_parcels (
  parcels_vintage text NOT NULL,
  footprints_vintage text NOT NULL,
  footprint_feature integer NOT NULL,
  parcel_feature integer NOT NULL,
  PRIMARY KEY (footprints_vintage, parcels_vintage, footprint_feature)
);

-- location_coverage (server/postgis/import/derive-location-coverage.ts; read by the PostGIS
-- store's records and summaries): per fabric release, the coverage fields of each of its
-- locations from the fixed coverage of the same YYYYMM, as the memory store computes them.
-- served_status: 0 unserved, 1 underserved, 2 served (SERVED_STATUS's order).
CREATE TABLE IF NOT EXISTS location_coverage (
  vintage text NOT NULL,
  location_id bigint NOT NULL,
  served_status smallint NOT NULL,
  max_down_mbps integer NOT NULL,
  max_up_mbps integer NOT NULL,
  provider_count smallint NOT NULL,
  fiber_provider_count smallint NOT NULL,
  PRIMARY KEY (vintage, location_id)
);

-- match (server/service/store/postgis/match.ts): the locations of a release whose address begins
-- with a house number, found by that number, and the city names a free-text address is read
-- against (every release's, written when an import finishes).
CREATE INDEX IF NOT EXISTS locations_house_number
  ON locations (vintage, ((substring(address_primary FROM '^[0-9]+'))::numeric));
CREATE TABLE IF NOT EXISTS match_cities (
  city text PRIMARY KEY
);

-- summarize and collect3 (server/postgis/point-blocks.ts, import/derive-point-blocks.ts): each
-- layer's points in spatial order, cut into blocks of up to 512, one row per block with its box
-- and its points packed column by column, so an area reads a few hundred rows. Layer 0: the
-- locations of fabric release `vintage`, with the fields summarize groups and sums by; layers 1
-- and 2: one point on the surface of each parcel or footprint of the layer vintage `vintage`.
-- `first` is the position of the block's first point in the layer's order (what a collect3
-- continuation names). Packed bytes are stored uncompressed: they do not compress, and
-- decompressing would cost every read.
CREATE TABLE IF NOT EXISTS point_blocks (
  layer smallint NOT NULL,
  vintage text NOT NULL,
  block integer NOT NULL,
  first integer NOT NULL,
  n integer NOT NULL,
  west double precision NOT NULL,
  south double precision NOT NULL,
  east double precision NOT NULL,
  north double precision NOT NULL,
  box geometry(Polygon, 4326) GENERATED ALWAYS AS (ST_MakeEnvelope(west, south, east, north, 4326)) STORED,
  points bytea NOT NULL,
  fields bytea,
  PRIMARY KEY (layer, vintage, block)
);
ALTER TABLE point_blocks ALTER COLUMN points SET STORAGE EXTERNAL;
ALTER TABLE point_blocks ALTER COLUMN fields SET STORAGE EXTERNAL;
CREATE INDEX IF NOT EXISTS point_blocks_box ON point_blocks USING gist (box);
-- The text of the fields packed as codes (building_type_code, land_use_code, state,
-- county_geoid); codes are only ever added, so blocks built at different times agree.
CREATE TABLE IF NOT EXISTS point_block_labels (
  field text NOT NULL,
  code integer NOT NULL,
  label text NOT NULL,
  PRIMARY KEY (field, code),
  UNIQUE (field, label)
);
-- What each layer's blocks were built from (the files' digests): blocks are rebuilt when it changes.
CREATE TABLE IF NOT EXISTS point_block_sources (
  layer smallint NOT NULL,
  vintage text NOT NULL,
  source text NOT NULL,
  PRIMARY KEY (layer, vintage)
);

-- Fixed broadband tiles and hexagons (server/service/store/postgis/fixed-tiles.ts; derived by
-- import/derive-fixed-tiles.ts). fixed_tiers: per coverage vintage, each location's number of
-- fixed records and its residential (r) and business (b) tier strings (shared/fixed-status.ts
-- encodeTiers); a location without records has no row. location_cells: the H3 cell of each
-- location's point at resolutions 7 and 8; hex_parents: the parent at resolutions 5 and 6 of
-- each res-7 cell (a coarse cell counts its res-7 children's locations, rules/tile-grid.ts);
-- hex_cells: each such cell's boundary box.
CREATE TABLE IF NOT EXISTS fixed_tiers (
  vintage text NOT NULL,
  location_id bigint NOT NULL,
  offers integer NOT NULL,
  r text NOT NULL,
  b text NOT NULL,
  PRIMARY KEY (vintage, location_id)
);
CREATE TABLE IF NOT EXISTS location_cells (
  location_id bigint PRIMARY KEY,
  h3_7 text NOT NULL,
  h3_8 text NOT NULL
);
CREATE INDEX IF NOT EXISTS location_cells_7 ON location_cells (h3_7);
CREATE INDEX IF NOT EXISTS location_cells_8 ON location_cells (h3_8);
CREATE TABLE IF NOT EXISTS hex_parents (
  res smallint NOT NULL,
  child text NOT NULL,
  h3 text NOT NULL,
  PRIMARY KEY (res, child)
);
CREATE INDEX IF NOT EXISTS hex_parents_cell ON hex_parents (res, h3);
CREATE TABLE IF NOT EXISTS hex_cells (
  res smallint NOT NULL,
  h3 text NOT NULL,
  west double precision NOT NULL,
  south double precision NOT NULL,
  east double precision NOT NULL,
  north double precision NOT NULL,
  box geometry(Polygon, 4326) GENERATED ALWAYS AS (
    ST_MakeEnvelope(west, south, east, north, 4326)
  ) STORED,
  PRIMARY KEY (res, h3)
);
CREATE INDEX IF NOT EXISTS hex_cells_box ON hex_cells USING gist (box);
-- hex_groups: per coverage vintage, the locations of the release it was reported on (the newest
-- fabric release at or before it) counted by H3 cell, BSL flag and tier strings: a hexagon
-- tile over a whole county reads a few thousand rows instead of every location. The coarse
-- resolutions' groups are summed from the res-7 groups, not from the locations.
CREATE TABLE IF NOT EXISTS hex_groups (
  vintage text NOT NULL,
  res smallint NOT NULL,
  h3 text NOT NULL,
  bsl boolean NOT NULL,
  r text,
  b text,
  n integer NOT NULL
);
CREATE INDEX IF NOT EXISTS hex_groups_cell ON hex_groups (vintage, res, h3);

-- The fabric tiles' town labels (server/service/store/postgis/tiles.ts; derived by
-- import/derive-town-labels.ts): per release, one point per city, at the median of the
-- locations of its lowest ZIP.
CREATE TABLE IF NOT EXISTS town_labels (
  vintage text NOT NULL,
  city text NOT NULL,
  zip text NOT NULL,
  longitude double precision NOT NULL,
  latitude double precision NOT NULL,
  geom geometry(Point, 4326) GENERATED ALWAYS AS (
    ST_SetSRID(ST_MakePoint(longitude, latitude), 4326)
  ) STORED,
  PRIMARY KEY (vintage, city)
);
