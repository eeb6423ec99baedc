#!/usr/bin/env python3
"""Writes the two crafted captures of the clock anchors (README.md).

    editcap -F pcap v3-tcp-fixed-forced-reconnect.pcap /tmp/base.pcap
    python3 make-anchor-pcaps.py /tmp/base.pcap .

v3-tcp-fixed-forced-anchors.pcap: the real frames of the base, then what
nfstb-anchor sends as the lab would capture it (Ethernet/IPv4/UDP, the
guests' MACs and addresses), with the server's ICMP port unreachable for
each datagram, one anchor sent twice, a datagram on the port that is no
anchor and one from the server's anchor port.
anchors-mixed-runs.pcap: anchors only, of two runs, plus datagrams that
must not count (another host, bad payloads).
Classic pcap, microseconds, written with struct only.
"""
import struct
import sys

CLIENT, SERVER, OTHER = '10.213.59.20', '10.213.59.10', '10.213.59.30'
CMAC, SMAC = '52:54:00:6e:66:20', '52:54:00:6e:66:10'
PORT, SPORT = 20051, 45678


def csum(b):
    if len(b) % 2:
        b += b'\0'
    s = sum(struct.unpack('!%dH' % (len(b) // 2), b))
    while s >> 16:
        s = (s & 0xffff) + (s >> 16)
    return ~s & 0xffff


def addr(a):
    return bytes(int(x) for x in a.split('.'))


def ipv4(src, dst, proto, payload, ident):
    h = struct.pack('!BBHHHBBH4s4s', 0x45, 0, 20 + len(payload), ident, 0x4000,
                    64, proto, 0, addr(src), addr(dst))
    return h[:10] + struct.pack('!H', csum(h)) + h[12:] + payload


def udp(src, dst, sport, dport, data):
    n = 8 + len(data)
    pseudo = addr(src) + addr(dst) + struct.pack('!BBH', 0, 17, n)
    c = csum(pseudo + struct.pack('!HHHH', sport, dport, n, 0) + data) or 0xffff
    return struct.pack('!HHHH', sport, dport, n, c) + data


def icmp_port_unreachable(quoted):
    body = struct.pack('!BBHI', 3, 3, 0, 0) + quoted
    return body[:2] + struct.pack('!H', csum(body)) + body[4:]


def eth(src, dst, payload):
    mac = lambda m: bytes.fromhex(m.replace(':', ''))
    return mac(dst) + mac(src) + b'\x08\x00' + payload


class Capture:
    def __init__(self):
        self.records = []
        self.ident = 0x6100

    def add(self, t_us, frame):
        self.records.append(struct.pack('<IIII', t_us // 1000000, t_us % 1000000,
                                        len(frame), len(frame)) + frame)

    def datagram(self, t_us, text, src=CLIENT, dst=SERVER, sport=SPORT, dport=PORT,
                 unreachable=True):
        self.ident += 1
        ip = ipv4(src, dst, 17, udp(src, dst, sport, dport, text.encode()), self.ident)
        self.add(t_us, eth(CMAC if src == CLIENT else SMAC, SMAC if src == CLIENT else CMAC, ip))
        if unreachable and dst == SERVER:
            # what the server answers: nothing listens on the port
            reply = ipv4(SERVER, src, 1, icmp_port_unreachable(ip), 0)
            self.add(t_us + 310, eth(SMAC, CMAC, reply))

    def write(self, path, head=None, base=()):
        with open(path, 'wb') as out:
            out.write(head or struct.pack('<IHHiIII', 0xa1b2c3d4, 2, 4, 0, 0, 65535, 1))
            for r in list(base) + self.records:
                out.write(r)


def read_pcap(path):
    data = open(path, 'rb').read()
    magic, = struct.unpack('<I', data[:4])
    assert magic == 0xa1b2c3d4, 'a classic little-endian microsecond pcap (editcap -F pcap)'
    records, off = [], 24
    while off < len(data):
        caplen = struct.unpack('<I', data[off + 8:off + 12])[0]
        records.append(data[off:off + 16 + caplen])
        off += 16 + caplen
    return data[:24], records


def main():
    head, base = read_pcap(sys.argv[1])
    outdir = sys.argv[2]

    # After the base's last frame (1796288100.219696): its frame numbers,
    # rows and times stay what they were.
    c = Capture()
    run = 'v3-tcp-fixed-forced-1'
    t0 = 1796288100300123
    for k in range(1, 6):
        t = t0 + (k - 1) * 50117
        c.datagram(t, 'nfstb-anchor run=%s seq=%d\n' % (run, k))
        if k == 3:   # the same anchor again: anchor.3 keeps the first
            c.datagram(t + 9000, 'nfstb-anchor run=%s seq=3\n' % run)
    c.datagram(t0 + 260000, 'hello\n')                                # no anchor
    c.datagram(t0 + 270000, 'nfstb-anchor run=%s seq=6\n' % run,      # wrong way
               src=SERVER, dst=CLIENT, sport=PORT, dport=SPORT)
    c.write(outdir + '/v3-tcp-fixed-forced-anchors.pcap', head, base)

    m = Capture()
    t0 = 1796290000000001
    m.datagram(t0, 'nfstb-anchor run=smoke-v3-1 seq=1\n')
    m.datagram(t0 + 50000, 'nfstb-anchor run=smoke-v3-1 seq=2\n')
    m.datagram(t0 + 100000, 'nfstb-anchor run=smoke-v3-1 seq=1\n', dst=OTHER)   # another host
    m.datagram(t0 + 150000, 'nfstb-anchor run=a/b seq=3\n')
    m.datagram(t0 + 160000, 'nfstb-anchor run=smoke-v3-2 seq=0\n')
    m.datagram(t0 + 170000, 'nfstb-anchor run=smoke-v3-2 seq=3 x\n')
    m.datagram(t0 + 180000, 'nfstb-anchor run=smoke-v3-2 seq=03\n')
    m.datagram(t0 + 2000000, 'nfstb-anchor run=smoke-v3-2 seq=1\n')  # anchor.1 keeps run 1's
    m.datagram(t0 + 2050000, 'nfstb-anchor run=smoke-v3-2 seq=3')    # no newline: still one
    m.write(outdir + '/anchors-mixed-runs.pcap')


main()
