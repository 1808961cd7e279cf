/* script.c - the scripted self-check's plan (L+R held at power-on; see
 * play.keys): the scenes in the order they play, each for its
 * script_frames, the ROM placing the ship and pressing the keys itself
 * (each scene's script_keys), so the check does not depend on the pad or
 * on frame timing. The scenes' own parts of the script (where the ship is
 * put, what is asserted) are in their files. */
#include "demo.h"

/* The scenes, in SELECT's order and the self-check's. */
const demo_scene *const demo_plan[DEMO_SCENES] = {&scene_laser, &scene_spin, &scene_room,
                                                  &scene_curvy, &scene_blocks};

int script_at(int s, int *r)
{
    int i;
    for (i = 0; i < DEMO_SCENES; ++i) {
        if (s >= 0 && s < demo_plan[i]->script_frames) {
            *r = s;
            return i;
        }
        s -= demo_plan[i]->script_frames;
    }
    *r = -1;
    return -1;
}
