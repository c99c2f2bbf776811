{{/* maxUnavailable (not minAvailable) so that a single replica never blocks a node drain. */}}
{{- define "vellum-lib.pdb" }}
{{- if .Values.podDisruptionBudget.enabled }}
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: {{ include "vellum-lib.name" . }}
  labels:
    {{- include "vellum-lib.labels" . | nindent 4 }}
spec:
  maxUnavailable: {{ .Values.podDisruptionBudget.maxUnavailable }}
  selector:
    matchLabels:
      {{- include "vellum-lib.selectorLabels" . | nindent 6 }}
{{- end }}
{{- end }}
