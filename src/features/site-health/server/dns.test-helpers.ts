// A real DNS server on loopback for the site health tests (dns2): it answers TXT and MX questions from a table the
// test sets, NXDOMAIN for a name it does not hold.
import dns2 from 'dns2';

export interface Zone {
  /** Each TXT record as its character-strings (one string, or several as a long DKIM key is published). */
  txt?: Record<string, string[][]>;
  mx?: Record<string, Array<{ exchange: string; priority: number }>>;
}

export interface TestDnsServer {
  /** host:port, for DNS_SERVERS. */
  address: string;
  zone: Zone;
  close(): Promise<void>;
}

export async function startDnsServer(zone: Zone = {}): Promise<TestDnsServer> {
  const { Packet } = dns2;
  const state: { zone: Zone } = { zone };
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = (question?.name ?? '').toLowerCase();
      const txt = state.zone.txt?.[name];
      const mx = state.zone.mx?.[name];
      if (!txt && !mx) {
        // NXDOMAIN (RFC 1035 RCODE 3): dns2's types do not list its RCODE table.
        response.header.rcode = 3;
        return send(response);
      }
      if (question?.type === Packet.TYPE.TXT)
        for (const data of txt ?? [])
          response.answers.push({ name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 60, data } as never);
      if (question?.type === Packet.TYPE.MX)
        for (const m of mx ?? []) response.answers.push({ name, type: Packet.TYPE.MX, class: Packet.CLASS.IN, ttl: 60, ...m } as never);
      send(response);
    },
  });
  await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  const port = (server.addresses() as { udp?: { port: number } }).udp!.port;
  return {
    address: `127.0.0.1:${port}`,
    get zone() {
      return state.zone;
    },
    set zone(next: Zone) {
      state.zone = next;
    },
    close: () => server.close(),
  };
}
