/* feerie-twin-picker-private.h — FeerieTwinPicker's instance, for the
 * tests that set its fields as a user does (tests/gui).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "feerie-condition-pane.h"
#include "feerie-twin-picker.h"

G_BEGIN_DECLS

/* Piece attributes are bits of a byte: at most eight. */
#define FEERIE_TWIN_PICKER_MAX_ATTRIBUTES 8

struct _FeerieTwinPicker
{
  GtkWidget parent_instance;

  /* template children */
  GtkFlowBox *pickers;
  GtkDropDown *op;
  GtkDropDown *colour;
  GtkDropDown *walk;
  GtkDropDown *walk_to;
  GtkEntry *square_a;
  GtkEntry *square_b;
  GtkDropDown *rotation;
  GtkDropDown *mirror;
  GtkEntry *stipulation;
  GtkMenuButton *conditions;
  GtkLabel *conditions_label;
  FeerieConditionPane *condition_pane;
  GtkEntry *imitators;
  GtkCheckButton *continued;
  GtkButton *add;
  GtkLabel *pick_error;

  /* One check button per registered piece attribute (fe_attribute_nth). */
  GtkCheckButton *attributes[FEERIE_TWIN_PICKER_MAX_ATTRIBUTES];
  int n_attributes;

  FeConditionParams picked;   /* the conditions picked for a condition twin */
  FeConditionParams problem;  /* the problem's conditions */
  FePosition diagram;         /* the problem's, without imitators (a twin sets its own) */
};

G_END_DECLS
