# nfstb: the NFS/SUNRPC swap-and-reclaim testbed.
#   make nfs-test   one command from a fresh machine to a verdict
#   make check      the project's own tests
# See README.md and docs/.
SHELL := /bin/bash
BUILD := $(CURDIR)/build
CONFIG ?= default
IMAGES := $(BUILD)/images

# Selection knobs of nfs-test, passed through the environment.
export SCENARIOS ARMS MODES RUNS CAPTURE RESULTS PATCHES EXTRA_PATCHES MUTANTS

GUEST_SCRIPTS := vm/guest/common.sh vm/guest/client-init.sh nfs-server/init.sh \
	nfs-server/exports vm/build-initramfs.sh

.PHONY: all help deps kernel workloads harness-tools images nfs-test check \
	check-series check-bisect nfs-mutants nfs-capture bench vm-up vm-down clean distclean

all: help

help:
	@echo "make nfs-test   build everything and run the scenarios (SCENARIOS= ARMS= MODES= RUNS= CAPTURE=)"
	@echo "make check      unit tests, golden files, patch series checks"
	@echo "make kernel     build the guest kernel (CONFIG=default|lockdep PATCHES=DIR EXTRA_PATCHES=FILES)"
	@echo "make nfs-mutants  every mutant of the fix must fail a default scenario (not in CI)"
	@echo "make check-bisect build the kernel after each patch of the series (not in CI)"
	@echo "make nfs-capture SCENARIO=v3-tcp   one scenario with its packet captures kept"
	@echo "make bench      phase timings of a small run (build, boot, scenario, detection, teardown)"
	@echo "make vm-up      boot both guests and leave them running (virsh console nfstb-client)"
	@echo "make vm-down    tear the lab down"

deps:
	@mkdir -p $(BUILD)
	@vm/install-deps.sh

kernel: deps
	@vm/build-kernel.sh $(CONFIG)

workloads: deps
	@$(MAKE) -s -C workloads all

harness-tools: deps
	@$(MAKE) -s -C harness all

$(IMAGES)/server.cpio: $(GUEST_SCRIPTS) $(wildcard workloads/bin/*) | workloads
	@vm/build-initramfs.sh server $@

$(IMAGES)/client.cpio: $(GUEST_SCRIPTS) $(wildcard workloads/bin/*) | workloads
	@vm/build-initramfs.sh client $@

images: workloads
	@$(MAKE) -s $(IMAGES)/server.cpio $(IMAGES)/client.cpio

nfs-test: deps harness-tools images
	@harness/nfs-test.sh

check: deps
	@kernel-patches/check-series.sh
	@$(MAKE) -s -C workloads check
	@$(MAKE) -s -C harness check

check-series: deps
	@kernel-patches/check-series.sh

# Not in CI: the default kernel built after each patch of the series.
check-bisect: deps
	@kernel-patches/check-bisect.sh

# Not in CI: every mutant of the fix in kernel-patches/mutants/ must fail a
# default scenario (MUTANTS=name,... RUNS=N).
nfs-mutants: deps harness-tools images
	@harness/mutants.sh

# One scenario, one run per arm, with the packet capture kept for Wireshark.
nfs-capture: deps harness-tools images
	@[ -n "$(SCENARIO)" ] || { echo "nfstb: error: name a scenario: make nfs-capture SCENARIO=v3-tcp [ARMS=control]" >&2; exit 1; }
	@rc=0; SCENARIOS="$(SCENARIO)" RUNS=1 CAPTURE=1 harness/nfs-test.sh || rc=$$?; \
	ls -1 results/latest/*/capture.pcap 2>/dev/null | sed 's/^/nfstb: capture: /'; exit $$rc

bench: kernel harness-tools images
	@harness/bench.sh

vm-up: deps harness-tools images
	@harness/vm-up.sh

vm-down:
	@vm/lab.sh down

clean:
	@$(MAKE) -s -C workloads clean
	@$(MAKE) -s -C harness clean
	rm -rf $(IMAGES)

distclean: clean
	rm -rf $(BUILD)
