/* SPDX-License-Identifier: GPL-2.0 */
/* A few of tshark's value names, so unit tests need no tshark. */
#ifndef NFSTB_PCAP_TEST_NAMES_H
#define NFSTB_PCAP_TEST_NAMES_H
static const char pcap_test_values[] =
	"V\tnfs.procedure_v3\t7\tWRITE\n"
	"V\tnfs.procedure_v3\t21\tCOMMIT\n"
	"V\tnfs.procedure_v4\t1\tCOMPOUND\n"
	"V\tnfs.opcode\t53\tSEQUENCE\n"
	"V\tnfs.opcode\t22\tPUTFH\n"
	"V\tnfs.opcode\t38\tWRITE\n"
	"V\tnfs.opcode\t9\tGETATTR\n"
	"V\tnfs.write.stable\t0\tUNSTABLE\n"
	"V\tnfs.write.stable\t2\tFILE_SYNC\n"
	"V\tnfs.stable_how4\t0\tUNSTABLE4\n"
	"V\tother.field\t7\tIGNORED\n";
#endif
