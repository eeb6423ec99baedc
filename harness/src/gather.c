// SPDX-License-Identifier: GPL-2.0
#include "gather.h"
#include "hang.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

void gather_facts(struct verdict_input *in, const struct report_paths *p)
{
	struct hang_reports reports;
	struct lines l;

	/* Parse empty input for unreadable files so every fact is defined. */
	in->console_read = lines_load(p->console, &l) == 0;
	hang_parse(&l, &reports);
	classify(&reports, &in->cls);
	markers_parse(&l, &in->client);
	kernel_log_parse(&l, &in->kernel);
	lockdep_parse(&l, &in->lockdep);
	swap_parse(&l, &in->swap);
	hang_free(&reports);
	lines_free(&l);

	in->server_read = lines_load(p->server_console, &l) == 0;
	markers_parse(&l, &in->server);
	lines_free(&l);

	in->trace_read = lines_load(p->trace, &l) == 0;
	trace_count(&l, &in->trace);
	/* The blocked task's own story, the deadlock's second witness. */
	trace_witness(&l, in->cls.pid, &in->witness);
	lines_free(&l);

	in->pcap_given = p->pcap_summary != NULL;
	in->pcap_summary = NULL;
	if (in->pcap_given)
		in->pcap_summary = read_whole_file(p->pcap_summary);
	/* A capture cut short cannot confirm anything: unreadable evidence */
	in->pcap_read = in->pcap_summary != NULL &&
			!strstr(in->pcap_summary, "capture=truncated\n");
}

void gather_free(struct verdict_input *in)
{
	markers_free(&in->client);
	markers_free(&in->server);
	free((char *)in->pcap_summary);
	in->pcap_summary = NULL;
}
