/* Forcing a sunrpc disconnect through sysfs (Linux >= 5.14).
 *
 * Writing an address to .../xprt-N-<proto>/dstaddr runs
 * rpc_sysfs_xprt_dstaddr_store() (net/sunrpc/sysfs.c), which stores the
 * address and calls xprt_force_disconnect(): writing the current address
 * back changes nothing but the connection, and the next RPC makes the
 * connect worker (xs_tcp_setup_socket) build a new socket. In 6.1 the store
 * returns EOPNOTSUPP for anything but TCP and RDMA transports. */
#define _GNU_SOURCE
#include "reconnect.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "path_join.h"
#include "xprt_info.h"

static int read_small_file(const char *path, char *buf, size_t len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = read(fd, buf, len - 1);
	close(fd);
	if (n < 0)
		return -1;
	buf[n] = '\0';
	return 0;
}

static bool name_has_proto(const char *name, const char *proto)
{
	size_t nl = strlen(name), pl = strlen(proto);

	return nl > pl + 1 && name[nl - pl - 1] == '-' &&
	       !strcmp(name + nl - pl, proto);
}

static int prefix_filter_switch(const struct dirent *d)
{
	return !strncmp(d->d_name, "switch-", 7);
}

static int prefix_filter_xprt(const struct dirent *d)
{
	return !strncmp(d->d_name, "xprt-", 5);
}

/* Appends " <what>" to the "found:" list used in the no-match error. */
static void note_found(char *found, size_t len, const char *sw,
		       const char *xprt, const char *what)
{
	size_t used = strlen(found);

	if (used + 1 < len)
		snprintf(found + used, len - used, " %s/%s(%s)", sw, xprt, what);
}

/* Rewrites dstaddr of one matching transport; returns 0 or -1. */
static int force_disconnect(const char *dir, const char *xprt, unsigned port,
			    FILE *out)
{
	char path[PATH_MAX], addr[256];
	ssize_t len;
	int fd;

	if (!path_join(path, sizeof(path), dir, "dstaddr") ||
	    read_small_file(path, addr, sizeof(addr)) < 0) {
		fprintf(stderr, "%s: cannot read %s: %s\n", RECONNECT_TOOL, path,
			strerror(errno));
		return -1;
	}
	addr[strcspn(addr, "\n")] = '\0';
	/* O_TRUNC as a shell redirect would: harmless on sysfs, and keeps the
	 * fake tree of the tests byte-exact. */
	fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC);
	if (fd < 0) {
		fprintf(stderr, "%s: cannot open %s for writing: %s\n",
			RECONNECT_TOOL, path, strerror(errno));
		return -1;
	}
	len = (ssize_t)strlen(addr);
	if (write(fd, addr, (size_t)len) != len) {
		int err = errno;

		close(fd);
		fprintf(stderr, "%s: writing %s back to %s failed: %s%s\n",
			RECONNECT_TOOL, addr, path, strerror(err),
			err == EOPNOTSUPP ? " (Linux 6.1 supports this only for tcp/rdma transports)" : "");
		return -1;
	}
	close(fd);
	fprintf(out, "%s: method=sysfs xprt=%s dst=%s:%u done\n", RECONNECT_TOOL,
		xprt, addr, port);
	return 0;
}

int reconnect_sysfs(const char *root, const struct reconnect_opts *o, FILE *out)
{
	struct dirent **switches = NULL;
	char found[1024] = "";
	int nsw, matched = 0, failed = 0;

	nsw = scandir(root, &switches, prefix_filter_switch, alphasort);
	if (nsw < 0) {
		fprintf(stderr, "%s: cannot list %s: %s (kernel without sunrpc sysfs, or sysfs not mounted)\n",
			RECONNECT_TOOL, root, strerror(errno));
		return 1;
	}
	for (int s = 0; s < nsw; s++) {
		char swdir[PATH_MAX];
		struct dirent **xprts = NULL;
		int nx;

		nx = -1;
		if (path_join(swdir, sizeof(swdir), root, switches[s]->d_name))
			nx = scandir(swdir, &xprts, prefix_filter_xprt, alphasort);
		for (int x = 0; x < nx; x++) {
			const char *name = xprts[x]->d_name;
			char dir[PATH_MAX], path[PATH_MAX], text[4096], what[64], err[128];
			struct xprt_info xi;

			if (!path_join(dir, sizeof(dir), swdir, name) ||
			    !path_join(path, sizeof(path), dir, "xprt_info") ||
			    read_small_file(path, text, sizeof(text)) < 0) {
				note_found(found, sizeof(found), switches[s]->d_name, name, "unreadable");
			} else if (xprt_info_parse(text, &xi, err, sizeof(err)) < 0) {
				note_found(found, sizeof(found), switches[s]->d_name, name, "unparsable");
			} else if (xi.closed) {
				note_found(found, sizeof(found), switches[s]->d_name, name, "closed");
			} else {
				snprintf(what, sizeof(what), "dst_port=%u", xi.dst_port);
				note_found(found, sizeof(found), switches[s]->d_name, name, what);
				if (xi.dst_port == o->port &&
				    (!o->proto || name_has_proto(name, o->proto))) {
					matched++;
					if (force_disconnect(dir, name, o->port, out) < 0)
						failed++;
				}
			}
			free(xprts[x]);
		}
		free(xprts);
		free(switches[s]);
	}
	free(switches);
	if (!matched) {
		fprintf(stderr, "%s: no connected sunrpc transport with dst_port=%u%s%s in %s; found:%s\n",
			RECONNECT_TOOL, o->port, o->proto ? " proto=" : "",
			o->proto ? o->proto : "", root, found[0] ? found : " nothing");
		return 1;
	}
	return failed ? 1 : 0;
}
