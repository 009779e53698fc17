{{/* The chart's name and version, as the helm.sh/chart label takes them. */}}
{{- define "chart.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Helm's labels, on every object of the chart (not on selectors: they must not change on upgrade). */}}
{{- define "chart.labels" -}}
helm.sh/chart: {{ include "chart.chart" . }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- with .Chart.AppVersion }}
app.kubernetes.io/version: {{ . | quote }}
{{- end }}
{{- end -}}

{{/*
The webhook server's certificate when cert-manager is off: a CA and a certificate it signs for the
webhook Service, made once per install or upgrade and shared by the Secret, the webhook
configurations and the conversion webhooks (kept in .Values for the rest of the render), as JSON
of base64 text: {"ca": ..., "crt": ..., "key": ...}.
*/}}
{{- define "chart.webhookCert" -}}
{{- if not (hasKey .Values "__webhookCert") -}}
{{- $host := printf "%s.%s.svc" (include "chart.webhookService" .) .Release.Namespace -}}
{{- $ca := genCA (printf "%s-webhook-ca" .Chart.Name) 3650 -}}
{{- $cert := genSignedCert $host nil (list $host (printf "%s.cluster.local" $host)) 3650 $ca -}}
{{- $_ := set .Values "__webhookCert" (dict "ca" ($ca.Cert | b64enc) "crt" ($cert.Cert | b64enc) "key" ($cert.Key | b64enc)) -}}
{{- end -}}
{{- index .Values "__webhookCert" | toJson -}}
{{- end -}}

{{/* The CA of the self-signed webhook certificate, base64: the webhooks' caBundle. */}}
{{- define "chart.webhookCA" -}}
{{- include "chart.webhookCert" . | fromJson | dig "ca" "" -}}
{{- end -}}

{{/* The name of the webhook Service (templates/webhook/), which the self-signed certificate is for. */}}
{{- define "chart.webhookService" -}}
project-v1-deploy-image-webhook-service
{{- end -}}
