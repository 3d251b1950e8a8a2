import dns2 from 'dns2';

// The package's types lack RCODE and the record shapes; the server itself has them.
const Packet = dns2.Packet as any;

/** Records of the test zone: names to A, AAAA, CNAME; a name in `failing` answers SERVFAIL. */
export interface Zone {
  a?: Record<string, string[]>;
  aaaa?: Record<string, string[]>;
  cname?: Record<string, string>;
  failing?: string[];
}

/**
 * A real DNS server on 127.0.0.1 (UDP, a free port) answering from `zone`: names it does not know
 * answer NXDOMAIN, known names without the asked type answer no records.
 */
export async function startDnsServer(zone: Zone) {
  const known = (name: string) => [zone.a, zone.aaaa, zone.cname].some((records) => records && name in records);
  const server = dns2.createServer({
    udp: true,
    handle(request: any, send: (response: any) => void) {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = String(question.name).toLowerCase();
      if (zone.failing?.includes(name)) {
        response.header.rcode = Packet.RCODE.SERVFAIL;
        return send(response);
      }
      if (!known(name)) {
        response.header.rcode = Packet.RCODE.NXDOMAIN;
        return send(response);
      }
      const base = { name: question.name, class: Packet.CLASS.IN, ttl: 60 };
      if (question.type === Packet.TYPE.A) for (const address of zone.a?.[name] ?? []) response.answers.push({ ...base, type: Packet.TYPE.A, address });
      if (question.type === Packet.TYPE.AAAA) for (const address of zone.aaaa?.[name] ?? []) response.answers.push({ ...base, type: Packet.TYPE.AAAA, address });
      if (question.type === Packet.TYPE.CNAME && zone.cname?.[name]) response.answers.push({ ...base, type: Packet.TYPE.CNAME, domain: zone.cname[name] });
      send(response);
    },
  });
  const addresses = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  return { address: `127.0.0.1:${addresses.udp!.port}`, close: () => server.close() };
}
