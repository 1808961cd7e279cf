# port/gba/demo.mk - the playable GBA demo ROM (GNU make fragment).
#
# Included by the top-level Makefile right after port/gba/gba.mk, or used
# with it directly:
#     make -f port/gba/gba.mk -f port/gba/demo.mk demo-run
# Run make from the repository root.
#
#   build/gba/fixlaser-demo.gba   the ROM (port/gba/demo/*.c + libfixlaser +
#                                 libfixmath)
#   demo-run    builds the ROM and tools/gbarun, plays port/gba/demo/play.keys
#               headless (the ROM's scripted self-check), prints the ROM's
#               summary (also in build/demo/demo.log) and writes screenshots
#               to build/demo/*.png; fails if gbarun or the ROM failed
#   demo-check  the same scripted play without screenshots; fails unless the
#               ROM reports 0 failed assertions
#   demo-shots  demo-run, then copies the screenshots to docs/demo-*.png
# No all/check/demo/clean/install here.

demo_saved_default_goal := $(.DEFAULT_GOAL)

DEMO_DIR   := port/gba/demo
DEMO_SRCS  := $(wildcard $(DEMO_DIR)/*.c)
DEMO_OBJS  := $(patsubst %.c,$(GBA_BUILD)/%.o,$(DEMO_SRCS))
DEMO_ROM   := $(GBA_BUILD)/fixlaser-demo.gba
DEMO_KEYS  := $(DEMO_DIR)/play.keys
DEMO_OUT   := build/demo
# The scripted run ends itself (fxl_port_finish) after 3610 script frames
# (1060 of the laser scene, 720 in the spin scene, 710 in the wall room:
# 520 of moves, then 190 of its beams' checks; then 520 in the curvy
# scene, 600 in the blocks scene), about 5460 frames of video: the wall
# room, the curvy and the blocks scenes show each script frame for 2
# frames (their script_pace), so that the self-check's exact checks fit
# and every script frame is shown at a fixed frame whatever the cycle
# counts (the ROM logs late frames: 0).
# DEMO_FRAMES is only a safety net. The script starts 6 frames after
# main() begins whatever the set-up takes (START_VBLANKS in demo.c); main()
# begins about 6 frames after power-on (crt0 zeroes the EWRAM logs from
# ROM code), which play.keys's L+R (held 12 frames) covers. A screenshot
# shows what the ROM drew about 10 frames earlier. The frames below show
# the same pictures as before the demo was split into scenes (compared
# pixel for pixel below the HUD; all one frame later since the blocks
# scene's logs moved main() past a vertical blank).
DEMO_FRAMES := 6000
# Screenshots (FRAME:NAME): the turning boss beam with the chained squares
# (method 2), with the exact swept test (method 3), the static lasers with
# the ship (the box laser in its warning phase, then active with the ship
# on it); the spin scene: the drifting boss's beam jumping over the ship
# between two frames (method 1, a missed pass), the chains (method 2), the
# swept test catching the ship (method 3); the wall room with the ship
# pressed on its diagonal wall (the aimed beam on it); the room's beams with
# the ship behind the pillar (the aimed beam stopped on the pillar), then
# the bouncing beam's four bounces; the curvy scene's node circles and
# outline with the ship hit, then its strip of quads; the blocks scene: the
# ship's swinging box beam through a block and the formation.
DEMO_SHOT_LIST := 306:demo-chain 551:demo-sweep 751:demo-warning 796:demo-static \
	1248:demo-spin-static 1332:demo-spin-chain 1677:demo-spin 1856:demo-room \
	2858:demo-room-beams 3134:demo-room-bounce 3562:demo-curvy 3764:demo-curvy-quads \
	4460:demo-blocks
# Screenshots and animations are 3x the GBA's 240x160 (nearest neighbour).
# The animation: the spin scene's drifting boss beam jumping over the ship
# (method 1, the once-a-frame test misses the pass), then the exact sweep
# (method 3) catching the same kind of pass.
DEMO_SCALE := 3
DEMO_ANIM_LIST := 1228:1256:demo-spin-pass 1657:1685:demo-spin-pass
DEMO_SHOT_ARGS := -x $(DEMO_SCALE) \
	$(foreach s,$(DEMO_SHOT_LIST),-s $(word 1,$(subst :, ,$(s))):$(DEMO_OUT)/$(word 2,$(subst :, ,$(s))).png) \
	$(foreach a,$(DEMO_ANIM_LIST),-a $(word 1,$(subst :, ,$(a))):$(word 2,$(subst :, ,$(a))):$(DEMO_OUT)/$(word 3,$(subst :, ,$(a))).gif)
DEMO_SHOT_FILES := $(foreach s,$(DEMO_SHOT_LIST),$(word 2,$(subst :, ,$(s))).png) \
	$(sort $(foreach a,$(DEMO_ANIM_LIST),$(word 3,$(subst :, ,$(a))).gif))

$(eval $(call gba_rom,fixlaser-demo,$(DEMO_OBJS),$(GBA_LIBFIXLASER) $(GBA_LIBFIXMATH),FIXLASERDEMO,FXLD))

.PHONY: demo-run demo-check demo-shots

demo-run: $(DEMO_ROM) $(GBARUN) $(DEMO_KEYS)
	@mkdir -p $(DEMO_OUT)
	@status=0; $(GBARUN) -f $(DEMO_FRAMES) -k $(DEMO_KEYS) $(DEMO_SHOT_ARGS) $(DEMO_ROM) \
		> $(DEMO_OUT)/demo.log || status=$$?; \
	cat $(DEMO_OUT)/demo.log; \
	echo "demo-run: gbarun exit status $$status; screenshots: $(addprefix $(DEMO_OUT)/,$(DEMO_SHOT_FILES))"; \
	exit $$status

demo-check: $(DEMO_ROM) $(GBARUN) $(DEMO_KEYS)
	@status=0; $(GBARUN) -f $(DEMO_FRAMES) -k $(DEMO_KEYS) $(DEMO_ROM) || status=$$?; \
	if [ $$status -ne 0 ]; then echo "demo-check: FAILED (gbarun exit status $$status)"; exit 1; fi; \
	echo "demo-check: ok"

demo-shots: demo-run
	@for f in $(DEMO_SHOT_FILES); do cp -f $(DEMO_OUT)/$$f docs/$$f && echo "docs/$$f"; done

.DEFAULT_GOAL := $(demo_saved_default_goal)
