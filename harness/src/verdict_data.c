// SPDX-License-Identifier: GPL-2.0
/*
 * The data witnesses: every "nfstb-verify: summary" of the client and the
 * server against what the writer says it committed
 * ("nfstb-writer: committed files=N bytes=N").  A failed file, a manifest
 * the verifier found cut short, or a summary that verified other counts
 * than the writer's is a wrong or missing byte: DATA-LOSS.  A missing
 * summary is not: the run cannot be judged (NO-JUDGEMENT).
 */
#include "util.h"
#include "verdict_rules.h"

#include <stdio.h>
#include <string.h>

/* Why one summary shows loss, or false. */
static bool summary_loss(const struct verify_summary *s, const char *side,
			 const struct markers *writer, char *why, size_t len)
{
	if (s->failed > 0) {
		snprintf(why, len, "%s verify failed=%ld of files=%ld", side,
			 s->failed, s->files);
		return true;
	}
	if (s->manifest_truncated) {
		snprintf(why, len, "%s verify found the manifest cut short (manifest=truncated, files=%ld)",
			 side, s->files);
		return true;
	}
	if (writer->writer_totals &&
	    (s->files != writer->writer_files || s->ok != writer->writer_files ||
	     s->bytes != writer->writer_bytes)) {
		snprintf(why, len, "%s verified files=%ld ok=%ld bytes=%ld, the writer committed files=%ld bytes=%ld",
			 side, s->files, s->ok, s->bytes, writer->writer_files,
			 writer->writer_bytes);
		return true;
	}
	return false;
}

static bool side_loss(const struct markers *m, const char *side,
		      const struct markers *writer, char *why, size_t len)
{
	/* Every summary: one that failed after eight good ones still counts. */
	for (size_t i = 0; i < m->nsummaries; i++)
		if (summary_loss(&m->summaries[i], side, writer, why, len))
			return true;
	return false;
}

static bool loss_why(const struct verdict_input *in, char *why, size_t len)
{
	return side_loss(&in->client, "client", &in->client, why, len) ||
	       (in->server_read &&
		side_loss(&in->server, "server", &in->client, why, len));
}

bool rule_data_loss(const struct verdict_input *in, struct verdict *v)
{
	char why[256];

	if (verdict_is_mode(in, "swap")) {
		if (!in->swap.fail)
			return false;
		verdict_set(v, VERDICT_DATA_LOSS, 'd', "DATA-LOSS",
			    "nfstb-swapfill: %s", in->swap.fail_line);
		return true;
	}
	if (!loss_why(in, why, sizeof(why)))
		return false;
	verdict_set(v, VERDICT_DATA_LOSS, 'd', "DATA-LOSS", "%s", why);
	return true;
}

bool rule_verify_complete(const struct verdict_input *in, struct verdict *v)
{
	if (!in->server_read) {
		verdict_set(v, VERDICT_ERROR, '-', "ERROR",
			    "cannot read server console");
		return true;
	}
	if (!in->client.nsummaries || !in->server.nsummaries) {
		verdict_set(v, VERDICT_NO_JUDGEMENT, 'v', "NO-JUDGEMENT",
			    "%s verify summary missing",
			    in->client.nsummaries ? "server" : "client");
		return true;
	}
	if (!in->client.writer_totals) {
		verdict_set(v, VERDICT_NO_JUDGEMENT, 'v', "NO-JUDGEMENT",
			    "no 'nfstb-writer: committed files= bytes=' line: what was written is unknown");
		return true;
	}
	return false;
}

enum data_state data_state(const struct verdict_input *in)
{
	char why[256];

	if (verdict_is_mode(in, "swap"))
		return swap_data_state(in);
	if (loss_why(in, why, sizeof(why)))
		return DATA_LOSS;
	if (!in->client.nsummaries || !in->server.nsummaries)
		return DATA_MISSING;
	return DATA_OK;
}

const char *data_state_name(enum data_state d)
{
	static const char *const names[] = {
		[DATA_OK] = "ok",
		[DATA_LOSS] = "loss",
	};

	return enum_name(names, ARRAY_SIZE(names), d, "missing");
}
