/* example_scene - a small shoot-'em-up scene on the host, using only the
 * public API: a boss sweeps a box laser, two capsule lasers fire from the
 * sides, a player weaves between them, 256 bullets fly about. Each frame the
 * lasers are prepared once, tested against the player and batch-tested
 * against the bullets (a laser cancels the bullets it touches). Prints a
 * frame log, one frame as ASCII art, and the totals. */
#include <stdio.h>

#include "fixlaser.h"

#define W 240
#define H 160
#define FRAMES 240
#define BULLETS 256
#define LASERS 3

static fix16_t px(int v)
{
    return fix16_from_int(v);
}

static void draw(const fxl_laser_prep lp[LASERS], fxl_circle player)
{
    int y, x, k;
    for (y = 0; y < H; y += 8) {
        char row[W / 4 + 1];
        for (x = 0; x < W; x += 4) {
            fxl_vec2 p = fxl_vec2_make(px(x) + px(2), px(y) + px(4));
            char ch = '.';
            for (k = 0; k < LASERS; k++)
                if (fxl_laser_vs_point(&lp[k], p))
                    ch = (char)('A' + k);
            if (fxl_circle_vs_circle(player, fxl_circle_make(p.x, p.y, px(2))))
                ch = '@';
            row[x / 4] = ch;
        }
        row[W / 4] = '\0';
        printf("  %s\n", row);
    }
}

int main(void)
{
    static fxl_circle bullets[BULLETS];
    static fxl_vec2 vel[BULLETS];
    static uint32_t bits[BULLETS / 32];
    unsigned hits[LASERS] = {0, 0, 0}, cancelled = 0, frame, i, k;
    fxl_laser lasers[LASERS];
    fxl_laser_prep lp[LASERS];
    fxl_circle player = fxl_circle_make(px(120), px(130), fix16_one * 3 / 2);
    uint32_t seed = 12345;

    for (i = 0; i < BULLETS; i++) {
        seed = seed * 1664525u + 1013904223u;
        bullets[i] = fxl_circle_make(px((int)(seed >> 8) % W), px((int)(seed >> 20) % H), px(2));
        vel[i] = fxl_dir((fxl_angle)(seed >> 4));
    }
    /* A: the boss's sweeping box laser; B, C: capsules fired from the sides,
     * drawn 6 px wide with a hitbox of 60% of that. */
    lasers[0] = fxl_laser_from_emitter(FXL_LASER_BOX, fxl_vec2_make(px(120), px(16)), 1024, px(150),
                                      px(5));
    lasers[1] = fxl_laser_from_emitter(FXL_LASER_CAPSULE, fxl_vec2_make(px(0), px(100)), 0, px(90),
                                      px(3));
    lasers[2] = fxl_laser_from_emitter(FXL_LASER_CAPSULE, fxl_vec2_make(px(239), px(60)), 2048,
                                      px(110), px(3));
    lasers[1].hit_fraction = lasers[2].hit_fraction = fix16_from_float(0.6f);

    printf("fixlaser example scene: %d frames, %d lasers, %d bullets, player r=1.5 px\n", FRAMES,
           LASERS, BULLETS);
    for (frame = 0; frame < FRAMES; frame++) {
        unsigned frame_hits = 0;
        /* The boss laser sweeps 60 degrees either side of straight down. */
        lasers[0].angle = 1024 + fix16_to_int(fix16_mul(px(683), fxl_sin((fxl_angle)frame * 24)));
        lasers[1].angle = (fxl_angle)(frame * 3 % 512) - 256;
        lasers[2].angle = 2048 + 200 - (fxl_angle)(frame * 2 % 400);
        player.c.x = px(120) + fix16_mul(px(90), fxl_sin((fxl_angle)frame * 11));
        player.c.y = px(110) + fix16_mul(px(30), fxl_cos((fxl_angle)frame * 17));

        for (k = 0; k < LASERS; k++) {
            fxl_result res = fxl_laser_prepare(&lasers[k], &lp[k]);
            size_t n;
            if (res != FXL_OK) {
                printf("laser %u refused: %s\n", k, fxl_result_name(res));
                return 1;
            }
            if (fxl_laser_vs_circle(&lp[k], player)) {
                hits[k]++;
                frame_hits++;
            }
            n = fxl_laser_vs_circles(&lp[k], bullets, BULLETS, bits);
            cancelled += (unsigned)n;
            for (i = 0; i < BULLETS; i++) /* cancelled bullets respawn at the top */
                if (bits[i / 32] >> (i % 32) & 1u)
                    bullets[i].c.y = 0;
        }
        for (i = 0; i < BULLETS; i++) {
            bullets[i].c.x = (bullets[i].c.x + vel[i].x + px(W)) % px(W);
            bullets[i].c.y = (bullets[i].c.y + vel[i].y + px(H)) % px(H);
        }
        if (frame % 30 == 0 || frame_hits != 0)
            printf("frame %3u: boss angle %4d, player (%6.2f, %6.2f)%s\n", frame,
                   (int)(lasers[0].angle & FXL_ANGLE_MASK), fix16_to_dbl(player.c.x),
                   fix16_to_dbl(player.c.y), frame_hits ? "  HIT" : "");
        if (frame == 100) {
            printf("frame 100 (A, B, C = laser hitboxes, @ = player):\n");
            draw(lp, player);
        }
    }
    printf("player hit by A %u, B %u, C %u times; lasers cancelled %u bullets\n", hits[0],
           hits[1], hits[2], cancelled);
    return 0;
}
