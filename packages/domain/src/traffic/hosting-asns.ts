// The hosting networks whose addresses count as data-centre traffic: autonomous systems (ASNs) of cloud
// and hosting providers, whose addresses browse only as servers (crawlers, scrapers, headless fleets,
// proxies). The API looks an address up in an open IP-to-ASN database (docs/traffic-quality.md) and
// finds it invalid when its ASN is listed here.
//
// Versioned: a change to this list is a change of the figures, so it bumps the version and says why in
// its changeset. Left out on purpose: networks that carry people (Cloudflare WARP and iCloud Private
// Relay egress through Cloudflare, Akamai's and Fastly's CDNs), mobile and broadband carriers.

export const HOSTING_ASN_LIST_VERSION = '2026.1';

export interface HostingAsn {
  asn: number;
  name: string;
}

export const HOSTING_ASNS: readonly HostingAsn[] = [
  { asn: 16509, name: 'Amazon Web Services' },
  { asn: 14618, name: 'Amazon Web Services (us-east-1)' },
  { asn: 8987, name: 'Amazon Web Services (Ireland)' },
  { asn: 15169, name: 'Google (crawlers and Google Cloud)' },
  { asn: 396982, name: 'Google Cloud' },
  { asn: 8075, name: 'Microsoft (Azure)' },
  { asn: 31898, name: 'Oracle Cloud' },
  { asn: 36351, name: 'IBM Cloud (SoftLayer)' },
  { asn: 45102, name: 'Alibaba Cloud' },
  { asn: 37963, name: 'Alibaba Cloud (Hangzhou)' },
  { asn: 132203, name: 'Tencent Cloud' },
  { asn: 45090, name: 'Tencent Cloud (Shenzhen)' },
  { asn: 136907, name: 'Huawei Cloud' },
  { asn: 14061, name: 'DigitalOcean' },
  { asn: 63949, name: 'Akamai Connected Cloud (Linode)' },
  { asn: 20473, name: 'The Constant Company (Vultr)' },
  { asn: 16276, name: 'OVHcloud' },
  { asn: 24940, name: 'Hetzner Online' },
  { asn: 213230, name: 'Hetzner Online (cloud)' },
  { asn: 12876, name: 'Scaleway' },
  { asn: 51167, name: 'Contabo' },
  { asn: 60781, name: 'Leaseweb Netherlands' },
  { asn: 16265, name: 'Leaseweb' },
  { asn: 30633, name: 'Leaseweb USA' },
  { asn: 8560, name: 'IONOS' },
  { asn: 47583, name: 'Hostinger' },
  { asn: 26496, name: 'GoDaddy' },
  { asn: 46606, name: 'Unified Layer (Bluehost)' },
  { asn: 26347, name: 'DreamHost' },
  { asn: 36352, name: 'HostPapa (ColoCrossing)' },
  { asn: 19318, name: 'InterServer' },
  { asn: 55286, name: 'ServerMania' },
  { asn: 53667, name: 'FranTech (BuyVM)' },
  { asn: 9009, name: 'M247' },
  { asn: 60068, name: 'Datacamp (CDN77)' },
  { asn: 212238, name: 'Datacamp' },
  { asn: 396356, name: 'Latitude.sh' },
  { asn: 54825, name: 'Equinix Metal' },
  { asn: 46844, name: 'Sharktech' },
  { asn: 9370, name: 'Sakura Internet' },
];

/** The listed ASNs as a set, for lookups. */
export const hostingAsnSet = (): ReadonlySet<number> => new Set(HOSTING_ASNS.map((entry) => entry.asn));
